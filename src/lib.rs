//! Qipan's app: the egui window around a session of games. The rules and the computer are in
//! `qipan-engine`, the games in progress and their commands in `qipan-session`.

pub mod a11y;
pub mod i18n;
pub mod renderer;
pub mod sound;
pub mod ui;
