//! Qipan: five line-board games, their rules engines, a computer opponent and an egui app.

pub mod ai;
pub mod controller;
pub mod games;
pub mod i18n;
pub mod renderer;
pub mod ui;
