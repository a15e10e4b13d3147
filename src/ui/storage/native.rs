//! The only place the app touches the file system: reading and writing saved games on the
//! desktop. The web build has no paths: it downloads and uploads files instead (`web.rs`).

use qipan_engine::files::write_atomically;
use qipan_session::save::SaveError;

/// Writes `text` to `path` whole or not at all ([`write_atomically`]).
pub fn write(path: &str, text: &str) -> Result<(), SaveError> {
    write_atomically(std::path::Path::new(path), text.as_bytes()).map_err(|e| SaveError::Io {
        path: path.to_owned(),
        error: e.to_string(),
    })
}

/// The address of a game's link: a `qipan:` link, which `qipan --link` opens.
pub fn link_address(query: &str) -> String {
    format!("qipan:?{query}")
}

/// Where this computer has the crates' licences ([`super::THIRD_PARTY_LICENCES`]): beside
/// the executable, as the Linux and Windows downloads have them, or in the app's data folder,
/// where the Linux download's `install.sh` copies them. `None` in a build of one's own.
/// Looked for once.
pub fn third_party_licences() -> Option<&'static str> {
    static FOUND: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    FOUND
        .get_or_init(|| {
            let beside = std::env::current_exe()
                .ok()
                .and_then(|exe| exe.parent().map(std::path::Path::to_path_buf));
            [beside, qipan_engine::files::app_data_dir()]
                .into_iter()
                .flatten()
                .map(|dir| dir.join(super::THIRD_PARTY_LICENCES))
                .find(|path| path.is_file())
                .map(|path| path.display().to_string())
        })
        .as_deref()
}

/// Reads the file at `path` as text.
pub fn read(path: &str) -> Result<String, SaveError> {
    std::fs::read_to_string(path).map_err(|e| SaveError::Io {
        path: path.to_owned(),
        error: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_replaces_the_file_whole_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("game.json");
        let path_text = path.to_string_lossy().into_owned();
        write(&path_text, "first").expect("written");
        write(&path_text, "second, longer").expect("written again");
        assert_eq!(read(&path_text).expect("read"), "second, longer");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("listed")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, [std::ffi::OsString::from("game.json")]);
    }

    #[test]
    fn a_failed_save_leaves_the_old_file() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("game.json");
        let path_text = path.to_string_lossy().into_owned();
        write(&path_text, "kept").expect("written");
        // A folder where the file should go cannot be replaced by a file.
        let blocked = dir.path().join("taken");
        std::fs::create_dir(&blocked).expect("a folder");
        assert!(write(&blocked.to_string_lossy(), "lost").is_err());
        assert_eq!(read(&path_text).expect("read"), "kept");
    }
}
