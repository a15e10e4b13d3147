//! Colours and the drawing of pieces and markers, shared by every board painter so that the
//! five games look like one family. Every piece and marker carries a shape cue as well as a
//! colour, for colour-blind players.

use egui::epaint::{CircleShape, PathShape, PathStroke};
use egui::{Color32, Painter, Pos2, Shape, Stroke, Vec2};

pub const BOARD_BG: Color32 = Color32::from_rgb(0xEB, 0xD9, 0xB0);
pub const BOARD_EDGE: Color32 = Color32::from_rgb(0xC9, 0xAE, 0x7C);
pub const LINE: Color32 = Color32::from_rgb(0x5A, 0x43, 0x2A);
pub const DARK: Color32 = Color32::from_rgb(0x26, 0x26, 0x2C);
pub const LIGHT: Color32 = Color32::from_rgb(0xF8, 0xF6, 0xEF);
pub const GOLD: Color32 = Color32::from_rgb(0xD9, 0xA4, 0x1E);
pub const TEAL: Color32 = Color32::from_rgb(0x0F, 0x8B, 0x8D);
pub const AMBER: Color32 = Color32::from_rgb(0xF0, 0x8A, 0x00);
pub const RED: Color32 = Color32::from_rgb(0xC8, 0x1D, 0x25);
pub const BLUE: Color32 = Color32::from_rgb(0x1F, 0x5F, 0xD1);
pub const GREEN: Color32 = Color32::from_rgb(0x2E, 0x8B, 0x3E);
pub const LOCKED: Color32 = Color32::from_rgb(0x80, 0x80, 0x80);
/// The coach's move: a hint, or the better move in a review.
pub const HINT: Color32 = Color32::from_rgb(0x7B, 0x3F, 0xC4);
/// The move played, beside the better one in a review.
pub const PLAYED: Color32 = Color32::from_rgb(0x4A, 0x5E, 0x7E);
pub const PLATFORM: Color32 = Color32::from_rgb(0xB5, 0x4A, 0x2E);

/// How a piece looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Side x: a dark disc with a light centre dot.
    X,
    /// Side o: a light disc with a dark rim and an inner ring.
    O,
    /// Shuang Cheng's shared piece: gold with a diamond.
    Shared,
}

/// Draws a piece of radius `r` centred on `c`.
pub fn piece(painter: &Painter, c: Pos2, r: f32, look: Look) {
    // A soft shadow lifts the piece off the board.
    painter.circle_filled(c + Vec2::new(r * 0.08, r * 0.12), r, shadow());
    match look {
        Look::X => {
            painter.circle(c, r, DARK, Stroke::new(r * 0.06, Color32::BLACK));
            painter.circle_filled(c, r * 0.22, LIGHT);
        }
        Look::O => {
            painter.circle(c, r, LIGHT, Stroke::new(r * 0.12, DARK));
            painter.circle_stroke(c, r * 0.55, Stroke::new(r * 0.08, DARK));
        }
        Look::Shared => {
            painter.circle(c, r, GOLD, Stroke::new(r * 0.1, DARK));
            let d = r * 0.5;
            let diamond = vec![
                c + Vec2::new(0.0, -d),
                c + Vec2::new(d, 0.0),
                c + Vec2::new(0.0, d),
                c + Vec2::new(-d, 0.0),
            ];
            painter.add(PathShape::convex_polygon(
                diamond,
                DARK,
                Stroke::new(r * 0.05, DARK),
            ));
        }
    }
}

fn shadow() -> Color32 {
    Color32::from_black_alpha(60)
}

/// A ring drawn in dashes, for markers that must read as different from solid rings.
pub fn dashed_ring(painter: &Painter, c: Pos2, r: f32, stroke: Stroke, dashes: usize) {
    let steps = dashes * 8;
    let points: Vec<Pos2> = (0..=steps)
        .map(|i| {
            let a = i as f32 / steps as f32 * std::f32::consts::TAU;
            c + Vec2::angled(a) * r
        })
        .collect();
    let circumference = std::f32::consts::TAU * r;
    let dash = circumference / (dashes as f32 * 2.0);
    painter.extend(Shape::dashed_line(&points, stroke, dash, dash));
}

/// A cross (×) of half-size `h`.
pub fn cross(painter: &Painter, c: Pos2, h: f32, stroke: Stroke) {
    painter.line_segment([c + Vec2::new(-h, -h), c + Vec2::new(h, h)], stroke);
    painter.line_segment([c + Vec2::new(-h, h), c + Vec2::new(h, -h)], stroke);
}

/// A translucent halo, e.g. behind the piece that moved last.
pub fn halo(painter: &Painter, c: Pos2, r: f32, color: Color32) {
    painter.add(CircleShape::filled(c, r, color.gamma_multiply(0.45)));
}

/// A filled arrow from `from` to `to`, for in-line moves.
pub fn arrow(painter: &Painter, from: Pos2, to: Pos2, width: f32, color: Color32) {
    let dir = (to - from).normalized();
    let normal = dir.rot90();
    let head = width * 2.2;
    let base = to - dir * head;
    painter.line_segment([from, base], Stroke::new(width, color));
    painter.add(PathShape::convex_polygon(
        vec![to, base + normal * head * 0.6, base - normal * head * 0.6],
        color,
        PathStroke::NONE,
    ));
}

/// The frame of a question asked before something that cannot be taken back (a new game
/// over one with moves, a resignation, leaving a game that runs): gold, as the game-over
/// banner.
pub fn question_frame(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    egui::Frame::new()
        .fill(GOLD.gamma_multiply(0.25))
        .corner_radius(6.0)
        .inner_margin(6.0)
        .show(ui, add);
}

/// A painter that draws at `opacity` (fading pieces in and out).
pub fn faded(painter: &Painter, opacity: f32) -> Painter {
    let mut faded = painter.clone();
    faded.multiply_opacity(opacity.clamp(0.0, 1.0));
    faded
}

/// The bundled fonts, each cut down to the characters the app can draw (assets/fonts/,
/// `subset.sh`): egui's own two faces, whose full files were a sixth of the web's first
/// download, and Chinese (Noto Sans CJK SC, OFL-1.1).
const LATIN_FONT: &[u8] = include_bytes!("../../assets/fonts/Ubuntu-Light-subset.ttf");
const MONOSPACE_FONT: &[u8] = include_bytes!("../../assets/fonts/Hack-Regular-subset.ttf");
const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-subset.otf");

/// egui's look (Ubuntu-Light, Hack for monospace) from the bundled subsets, with every
/// Chinese character falling back to the CJK font.
pub fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    for (name, data) in [
        ("Ubuntu-Light", LATIN_FONT),
        ("Hack", MONOSPACE_FONT),
        ("noto-sans-cjk-sc", CJK_FONT),
    ] {
        fonts.font_data.insert(
            name.to_owned(),
            std::sync::Arc::new(egui::FontData::from_static(data)),
        );
    }
    let families = [
        (
            egui::FontFamily::Proportional,
            &["Ubuntu-Light", "noto-sans-cjk-sc"][..],
        ),
        (
            egui::FontFamily::Monospace,
            &["Hack", "Ubuntu-Light", "noto-sans-cjk-sc"][..],
        ),
    ];
    for (family, faces) in families {
        fonts
            .families
            .insert(family, faces.iter().map(|&f| f.to_owned()).collect());
    }
    fonts
}

/// Installs the bundled fonts and the smallest text size.
pub fn install_fonts(ctx: &egui::Context) {
    // No text below 12 px, on a phone too.
    ctx.all_styles_mut(|style| {
        style.text_styles.insert(
            egui::TextStyle::Small,
            egui::FontId::new(12.0, egui::FontFamily::Proportional),
        );
    });
    ctx.set_fonts(font_definitions());
}

/// Hinting and sub-pixel binning sharpen text where a point is one or one and a half device
/// pixels; on a denser screen (a phone's 3, a Retina display's 2) neither shows, and they were
/// most of the first frame's glyph work on a phone (hinting runs each glyph's program,
/// binning draws each Latin glyph at up to four offsets): off there, on below.
pub fn fit_text_to_screen(ctx: &egui::Context, pixels_per_point: f32) {
    let sharpen = pixels_per_point < 2.0;
    let options = ctx.global_style().visuals.text_options;
    if options.font_hinting != sharpen || options.subpixel_binning != sharpen {
        ctx.all_styles_mut(|style| {
            style.visuals.text_options.font_hinting = sharpen;
            style.visuals.text_options.subpixel_binning = sharpen;
        });
    }
}

/// Hover texts (why a piece cannot move) wrap inside a phone's width.
pub fn fit_tooltips(ui: &egui::Ui) {
    let tooltip_width = (ui.available_width() - 24.0).clamp(160.0, 500.0);
    let ctx = ui.ctx();
    if ctx.global_style().spacing.tooltip_width != tooltip_width {
        ctx.all_styles_mut(|style| style.spacing.tooltip_width = tooltip_width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::epaint::text::{Fonts, TextOptions};

    /// Every character the app can be asked to draw is in a bundled subset: all of every
    /// locale file, Latin-1 and Latin Extended-A (what a player types), in both families. A
    /// locale string with a new symbol fails here until `assets/fonts/subset.sh` is run.
    #[test]
    fn the_subsets_draw_every_character_the_app_uses() {
        let mut fonts = Fonts::new(TextOptions::default(), font_definitions());
        let mut fonts = fonts.with_pixels_per_point(1.0);
        let root = env!("CARGO_MANIFEST_DIR");
        let mut text = String::new();
        for locale in ["en-US", "zh-CN"] {
            for file in ["ui.ftl", "rules.ftl"] {
                let path = format!("{root}/locales/{locale}/{file}");
                text += &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            }
        }
        let typed = (' '..='~').chain('\u{a0}'..='\u{17f}');
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            let missing: String = text
                .chars()
                .chain(typed.clone())
                .filter(|c| {
                    !c.is_control()
                        && !fonts.has_glyph(&egui::FontId::new(14.0, family.clone()), *c)
                })
                .collect();
            assert!(missing.is_empty(), "{family:?} cannot draw {missing:?}");
        }
    }

    /// A dense screen turns hinting and binning off, a 1x screen back on: a window moved
    /// between monitors gets the text its screen shows best.
    #[test]
    fn the_text_options_follow_the_screens_density() {
        let ctx = egui::Context::default();
        let options = |ctx: &egui::Context| {
            let o = ctx.global_style().visuals.text_options;
            (o.font_hinting, o.subpixel_binning)
        };
        fit_text_to_screen(&ctx, 3.0);
        assert_eq!(options(&ctx), (false, false));
        fit_text_to_screen(&ctx, 2.0);
        assert_eq!(options(&ctx), (false, false));
        fit_text_to_screen(&ctx, 1.5);
        assert_eq!(options(&ctx), (true, true));
        fit_text_to_screen(&ctx, 1.0);
        assert_eq!(options(&ctx), (true, true));
    }

    /// The subsets are what shrank the download: the Latin faces stay well below egui's full
    /// files (361,676 and 309,408 bytes).
    #[test]
    fn the_latin_faces_are_subsets() {
        assert!(LATIN_FONT.len() < 200_000, "{}", LATIN_FONT.len());
        assert!(MONOSPACE_FONT.len() < 200_000, "{}", MONOSPACE_FONT.len());
    }
}
