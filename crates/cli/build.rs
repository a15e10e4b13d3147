// The same icon and version resource as the app's exe.
include!("../../build.rs");
