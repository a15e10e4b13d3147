//! Which renderer draws the window, and the fallback that makes the desktop app start on
//! machines whose preferred graphics API is broken.
//!
//! eframe draws with wgpu, which picks one graphics API (Vulkan, DX12, Metal or OpenGL). On
//! some machines the API it picks cannot give a device: Windows without a working DX12
//! driver (virtual machines, remote desktops, old GPUs, Wine) makes eframe return
//! `Wgpu(RequestDeviceError(.. Device(Lost)))` before the first frame. [`run_native`] then
//! tries again without that API, until wgpu has none left, and then with eframe's glow
//! (OpenGL) renderer. Only when nothing works does it give up, with a message that says so.
//!
//! eframe reuses its winit event loop between calls of `eframe::run_native` (its
//! `run_and_return` mode, on by default), so a failed start can simply be followed by
//! another in the same process. A failed start never reaches the app: eframe creates the
//! app only once the renderer works, so an error after that is the app's own and is not
//! retried. A *panic* while starting is not retried either: after one, winit's event loop
//! returns at once from every later run (measured on X11), so the app would just exit.
//!
//! [`renderer_in_use`] tells the UI what is drawing (for an "About" line): it is recorded by
//! [`record`] when the app is created, natively and on the web.

use std::sync::OnceLock;

static IN_USE: OnceLock<String> = OnceLock::new();

/// What draws the window, e.g. `wgpu · Vulkan · llvmpipe (LLVM 15.0.6, 256 bits)` or
/// `glow · OpenGL 4.5 (Core Profile) Mesa 22.3.6 · llvmpipe (…)`; `None` before the app
/// has been created (and in tests that build the app without eframe's renderers).
pub fn renderer_in_use() -> Option<&'static str> {
    IN_USE.get().map(String::as_str)
}

/// Records the renderer the app was created with; call it from the app creator. The first
/// call wins (there is only one window).
pub fn record(cc: &eframe::CreationContext<'_>) {
    if let Some(description) = describe(cc) {
        if IN_USE.set(description).is_ok() {
            log_line(&format!(
                "drawing with {}",
                renderer_in_use().unwrap_or("?")
            ));
        }
    }
}

fn describe(cc: &eframe::CreationContext<'_>) -> Option<String> {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(state) = &cc.wgpu_render_state {
        let info = state.adapter.get_info();
        return Some(format!(
            "wgpu · {} · {}",
            backend_name(info.backend),
            info.name
        ));
    }
    if let Some(gl) = &cc.gl {
        use eframe::glow::HasContext as _;
        // SAFETY: eframe calls the app creator on the thread whose GL context is current,
        // and glGetString takes no pointer from us.
        let (version, renderer) = unsafe {
            (
                gl.get_parameter_string(eframe::glow::VERSION),
                gl.get_parameter_string(eframe::glow::RENDERER),
            )
        };
        // Desktop GL's version string starts with the number, WebGL's with "WebGL".
        let api = if version.starts_with(|c: char| c.is_ascii_digit()) {
            "OpenGL "
        } else {
            ""
        };
        return Some(format!("glow · {api}{version} · {renderer}"));
    }
    None
}

fn log_line(line: &str) {
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("qipan: {line}");
    #[cfg(target_arch = "wasm32")]
    log::info!("{line}");
}

#[cfg(not(target_arch = "wasm32"))]
fn backend_name(backend: eframe::wgpu::Backend) -> &'static str {
    use eframe::wgpu::Backend;
    match backend {
        Backend::Vulkan => "Vulkan",
        Backend::Metal => "Metal",
        Backend::Dx12 => "DX12",
        Backend::Gl => "OpenGL",
        Backend::BrowserWebGpu => "WebGPU",
        Backend::Noop => "none",
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::{run_native, with_icon, Attempt};

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::{backend_name, log_line};
    use eframe::egui_wgpu::{WgpuSetup, WgpuSetupCreateNew};
    use eframe::wgpu::{Backend, Backends};
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    use std::sync::{Arc, Mutex};

    /// The viewport with the app's icon (the 256 px PNG of `assets/`), for the title bar and
    /// the task bar; the Windows exe's own icon comes from `build.rs`.
    pub fn with_icon(viewport: egui::ViewportBuilder) -> egui::ViewportBuilder {
        match eframe::icon_data::from_png_bytes(include_bytes!("../assets/icon-256.png")) {
            Ok(icon) => viewport.with_icon(icon),
            Err(e) => {
                log_line(&format!("the icon does not load: {e}"));
                viewport
            }
        }
    }

    /// One way of drawing the window, in the order [`run_native`] tries them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Attempt {
        /// wgpu, choosing among these graphics APIs as it likes.
        Wgpu(Backends),
        /// eframe's glow renderer: OpenGL through glutin (WGL, GLX or EGL).
        Glow,
    }

    impl std::fmt::Display for Attempt {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                Attempt::Wgpu(backends) => {
                    let names: Vec<&str> = backends.iter().filter_map(single_backend).collect();
                    write!(f, "wgpu ({})", names.join(", "))
                }
                Attempt::Glow => f.write_str("glow (OpenGL)"),
            }
        }
    }

    fn single_backend(backends: Backends) -> Option<&'static str> {
        Backend::ALL
            .into_iter()
            .find(|b| Backends::from(*b) == backends)
            .map(backend_name)
    }

    /// The graphics APIs wgpu may use: `WGPU_BACKEND` if set (e.g. `vulkan,gl`), else all
    /// of them, as eframe's own default does; of those, the ones built in for this system.
    fn wgpu_backends() -> Backends {
        Backends::from_env().unwrap_or(Backends::PRIMARY | Backends::GL)
            & eframe::wgpu::Instance::enabled_backend_features()
    }

    /// Whether to start with glow: `QIPAN_RENDERER=glow` (to test the OpenGL renderer, or
    /// to skip a wgpu that starts but draws badly). Anything else starts with wgpu.
    fn glow_first() -> bool {
        std::env::var("QIPAN_RENDERER").is_ok_and(|v| v.eq_ignore_ascii_case("glow"))
    }

    /// Runs the app like `eframe::run_native`, trying one renderer after another until one
    /// starts: wgpu with every graphics API, then wgpu without each API that failed, then
    /// glow. `options.renderer` and `options.wgpu_options.wgpu_setup` are set here. Each
    /// failed start is logged on stderr with its error; if none starts, a message says so
    /// (in a message box on Windows, whose app has no console) and the last error is
    /// returned. `make_app` is called once, by the start that works.
    pub fn run_native(
        app_name: &str,
        options: eframe::NativeOptions,
        make_app: eframe::AppCreator<'_>,
    ) -> eframe::Result {
        let make_app = Rc::new(RefCell::new(Some(make_app)));
        let started = Rc::new(Cell::new(false));
        let mut wgpu_left = wgpu_backends();
        let mut glow_tried = false;
        let mut failures: Vec<String> = Vec::new();
        // glow first when asked, or when wgpu has no API to try (`WGPU_BACKEND=metal` on Linux).
        let mut attempt = if glow_first() || wgpu_left.is_empty() {
            Attempt::Glow
        } else {
            Attempt::Wgpu(wgpu_left)
        };

        loop {
            // The adapter wgpu chose, so that a failure can be pinned on its API.
            let chosen: Arc<Mutex<Option<Backend>>> = Arc::default();
            let mut opts = options.clone();
            match attempt {
                Attempt::Wgpu(backends) => {
                    opts.renderer = eframe::Renderer::Wgpu;
                    opts.wgpu_options.wgpu_setup = wgpu_setup(backends, Arc::clone(&chosen));
                }
                Attempt::Glow => {
                    opts.renderer = eframe::Renderer::Glow;
                    glow_tried = true;
                }
            }
            let creator = {
                let make_app = Rc::clone(&make_app);
                let started = Rc::clone(&started);
                Box::new(move |cc: &eframe::CreationContext<'_>| {
                    started.set(true);
                    super::record(cc);
                    match make_app.borrow_mut().take() {
                        Some(make) => make(cc),
                        None => Err("the app was already created".into()),
                    }
                })
            };
            let error = match eframe::run_native(app_name, opts, creator) {
                Ok(()) => return Ok(()),
                // The renderer worked: this error is the app's or the window system's.
                Err(e) if started.get() => return Err(e),
                // No window system at all (no display): no renderer can help.
                Err(e @ eframe::Error::WinitEventLoop(_)) => return Err(give_up(&failures, e)),
                Err(e) => e,
            };

            let failed_api = chosen.lock().ok().and_then(|c| *c);
            let what = match (attempt, failed_api) {
                (Attempt::Wgpu(_), Some(api)) => format!("wgpu with {}", backend_name(api)),
                _ => attempt.to_string(),
            };
            log_line(&format!("{what} could not start: {error}"));
            failures.push(format!("{what}: {error}"));

            match next_attempt(attempt, failed_api, &mut wgpu_left, glow_tried) {
                Some(next) => attempt = next,
                None => return Err(give_up(&failures, error)),
            }
            log_line(&format!("trying {attempt}"));
        }
    }

    /// What to try after `attempt` failed to start, given the API whose adapter wgpu had
    /// picked (`None`: it found no adapter at all) and the APIs wgpu has left, which this
    /// updates. `None` when nothing is left.
    pub(super) fn next_attempt(
        attempt: Attempt,
        failed_api: Option<Backend>,
        wgpu_left: &mut Backends,
        glow_tried: bool,
    ) -> Option<Attempt> {
        if let Attempt::Wgpu(_) = attempt {
            match failed_api {
                // Try wgpu again without the API that failed, if it has others.
                Some(api) => wgpu_left.remove(Backends::from(api)),
                // No adapter at all: no other API of wgpu's will do better.
                None => *wgpu_left = Backends::empty(),
            }
        }
        if !wgpu_left.is_empty() {
            Some(Attempt::Wgpu(*wgpu_left))
        } else if !glow_tried {
            Some(Attempt::Glow)
        } else {
            None
        }
    }

    /// eframe's default wgpu setup restricted to `backends`, noting in `chosen` which API's
    /// adapter wgpu picked: eframe reports a failed device request without saying whose.
    fn wgpu_setup(backends: Backends, chosen: Arc<Mutex<Option<Backend>>>) -> WgpuSetup {
        let mut setup = WgpuSetupCreateNew::without_display_handle();
        setup.instance_descriptor.backends = backends;
        let default_descriptor = Arc::clone(&setup.device_descriptor);
        setup.device_descriptor = Arc::new(move |adapter| {
            if let Ok(mut c) = chosen.lock() {
                *c = Some(adapter.get_info().backend);
            }
            default_descriptor(adapter)
        });
        WgpuSetup::CreateNew(setup)
    }

    /// Says that nothing could draw the window, where the user will see it, and hands back
    /// the last error for `main` to return.
    fn give_up(failures: &[String], last: eframe::Error) -> eframe::Error {
        let mut message = String::from(
            "Qipan cannot open its window: no way of drawing it works on this computer.\n\
             棋盘无法打开窗口：这台电脑上没有可用的绘图方式。\n\n\
             Updating the graphics driver usually helps. 更新显卡驱动通常可以解决。\n",
        );
        if failures.is_empty() {
            message.push_str(&format!("\n{last}\n"));
        }
        for f in failures {
            message.push_str(&format!("\n• {f}"));
        }
        eprintln!("qipan: {message}");
        #[cfg(windows)]
        show_message_box(&message);
        last
    }

    /// A plain Windows message box: the release exe has no console to print to.
    #[cfg(windows)]
    fn show_message_box(message: &str) {
        #[link(name = "user32")]
        extern "system" {
            fn MessageBoxW(hwnd: isize, text: *const u16, caption: *const u16, kind: u32) -> i32;
        }
        let wide = |s: &str| {
            s.encode_utf16()
                .chain(std::iter::once(0))
                .collect::<Vec<u16>>()
        };
        let (text, caption) = (wide(message), wide("Qipan 棋盘"));
        const MB_OK_ICONERROR: u32 = 0x0000_0010;
        // SAFETY: both strings are NUL-terminated UTF-16 and outlive the call; no owner window.
        unsafe {
            MessageBoxW(0, text.as_ptr(), caption.as_ptr(), MB_OK_ICONERROR);
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::native::{next_attempt, Attempt};
    use eframe::wgpu::{Backend, Backends};

    #[test]
    fn a_failed_api_is_dropped_and_wgpu_tries_the_others() {
        // Wine: DX12 is picked and loses its device; Vulkan and OpenGL remain.
        let mut left = Backends::DX12 | Backends::VULKAN | Backends::GL;
        let next = next_attempt(Attempt::Wgpu(left), Some(Backend::Dx12), &mut left, false);
        assert_eq!(next, Some(Attempt::Wgpu(Backends::VULKAN | Backends::GL)));
        let next = next_attempt(Attempt::Wgpu(left), Some(Backend::Vulkan), &mut left, false);
        assert_eq!(next, Some(Attempt::Wgpu(Backends::GL)));
    }

    #[test]
    fn glow_comes_when_wgpu_has_nothing_left() {
        let mut left = Backends::GL;
        let next = next_attempt(Attempt::Wgpu(left), Some(Backend::Gl), &mut left, false);
        assert_eq!(next, Some(Attempt::Glow));
        // No adapter at all: wgpu's other APIs are not tried one by one.
        let mut left = Backends::VULKAN | Backends::GL;
        let next = next_attempt(Attempt::Wgpu(left), None, &mut left, false);
        assert_eq!(next, Some(Attempt::Glow));
        assert!(left.is_empty());
    }

    #[test]
    fn after_glow_fails_wgpu_gets_its_turn_then_nothing_is_left() {
        // QIPAN_RENDERER=glow: glow first, then wgpu.
        let mut left = Backends::VULKAN | Backends::GL;
        let next = next_attempt(Attempt::Glow, None, &mut left, true);
        assert_eq!(next, Some(Attempt::Wgpu(Backends::VULKAN | Backends::GL)));
        // Everything tried: give up.
        let mut left = Backends::empty();
        assert_eq!(next_attempt(Attempt::Glow, None, &mut left, true), None);
        let mut left = Backends::GL;
        let next = next_attempt(Attempt::Wgpu(left), Some(Backend::Gl), &mut left, true);
        assert_eq!(next, None);
    }
}
