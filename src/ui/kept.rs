//! What the app keeps between visits, written only when it changed. In the browser eframe saves
//! every couple of seconds (a phone may close the tab without notice), and each save wrote
//! every key to `localStorage` again: on a still board only the turn clock's game changes.

use std::collections::HashMap;

/// What was last written under each key (a few KB in all).
#[derive(Default)]
pub struct Written(HashMap<String, String>);

/// A storage that passes on only the values that differ from the last ones written through it.
pub struct OnlyChanges<'a> {
    storage: &'a mut dyn eframe::Storage,
    written: &'a mut Written,
}

impl<'a> OnlyChanges<'a> {
    pub fn new(storage: &'a mut dyn eframe::Storage, written: &'a mut Written) -> Self {
        OnlyChanges { storage, written }
    }
}

impl eframe::Storage for OnlyChanges<'_> {
    fn get_string(&self, key: &str) -> Option<String> {
        self.storage.get_string(key)
    }

    fn set_string(&mut self, key: &str, value: String) {
        if self.written.0.get(key) == Some(&value) {
            return;
        }
        self.storage.set_string(key, value.clone());
        self.written.0.insert(key.to_owned(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.written.0.remove(key);
        self.storage.remove_string(key);
    }

    fn flush(&mut self) {
        self.storage.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A storage that counts its writes.
    #[derive(Default)]
    struct Counted {
        values: HashMap<String, String>,
        writes: usize,
    }

    impl eframe::Storage for Counted {
        fn get_string(&self, key: &str) -> Option<String> {
            self.values.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.writes += 1;
            self.values.insert(key.to_owned(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.values.remove(key);
        }
        fn flush(&mut self) {}
    }

    fn save(storage: &mut Counted, written: &mut Written, values: &[(&str, &str)]) {
        let mut only = OnlyChanges::new(storage, written);
        for (key, value) in values {
            eframe::Storage::set_string(&mut only, key, (*value).to_owned());
        }
    }

    #[test]
    fn a_value_is_written_again_only_when_it_changed() {
        let (mut storage, mut written) = (Counted::default(), Written::default());
        let first = [("games", "a"), ("settings", "x")];
        save(&mut storage, &mut written, &first);
        assert_eq!(storage.writes, 2, "the first save writes everything");
        save(&mut storage, &mut written, &first);
        assert_eq!(
            storage.writes, 2,
            "a save with nothing changed writes nothing"
        );
        save(
            &mut storage,
            &mut written,
            &[("games", "b"), ("settings", "x")],
        );
        assert_eq!(storage.writes, 3, "only the changed key is written");
        assert_eq!(storage.values["games"], "b");
        assert_eq!(storage.values["settings"], "x");
    }

    #[test]
    fn a_removed_key_is_written_again() {
        let (mut storage, mut written) = (Counted::default(), Written::default());
        save(&mut storage, &mut written, &[("games", "a")]);
        eframe::Storage::remove_string(&mut OnlyChanges::new(&mut storage, &mut written), "games");
        save(&mut storage, &mut written, &[("games", "a")]);
        assert_eq!(storage.values.get("games").map(String::as_str), Some("a"));
        assert_eq!(storage.writes, 2);
    }
}
