// Gives the Windows exes (qipan and qipan-cli) their icon (`assets/icon.ico`) and a version
// resource (the version, name and description from Cargo.toml), which Explorer, the task
// bar and the file's properties show. Other targets need nothing from here.
//
// The resource compiler is the target's own: `x86_64-w64-mingw32-windres` when cross-building
// with mingw-w64 (`tools/release.sh`), `rc.exe` from the Windows SDK with MSVC. Where there is
// none (a `cargo check --target x86_64-pc-windows-gnu` on a machine without mingw), the build
// goes on with a warning; `QIPAN_REQUIRE_WINRES=1` (set by the release script and the
// workflow) makes that an error, so that no release ships without its icon.

fn main() {
    // The app and qipan-cli (crates/cli/build.rs includes this file) share one icon.
    let icon = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("assets/icon.ico"))
        .find(|path| path.exists())
        .expect("assets/icon.ico in the workspace");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", icon.display());
    println!("cargo:rerun-if-env-changed=QIPAN_REQUIRE_WINRES");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut res = winresource::WindowsResource::new();
    res.set_icon(&icon.to_string_lossy())
        .set("ProductName", "Qipan")
        .set(
            "FileDescription",
            "Qipan - five line-board games against the computer",
        )
        .set("LegalCopyright", "MIT OR Apache-2.0");
    if let Err(e) = res.compile() {
        if std::env::var_os("QIPAN_REQUIRE_WINRES").is_some_and(|v| v == "1") {
            panic!("the Windows resource (icon, version) did not compile: {e}");
        }
        println!("cargo:warning=no icon or version resource in the Windows exe: {e}");
    }
}
