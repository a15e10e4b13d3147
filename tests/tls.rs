//! The desktop app over TLS (hosting.md, issue 42): `qipan-server` with its own certificate,
//! signed by a certificate authority made for the test, and two apps that play through
//! `wss://localhost:PORT/ws` with the system's TLS (native-tls). Until the system trusts
//! that authority the app does not connect at all; once it does (`SSL_CERT_FILE`, which
//! OpenSSL reads for the system's roots), the apps play as over plain `ws://`.
//!
//! A test binary of its own: the roots are the process's, set once here.

mod common;

use qipan_server::hosting::tls::TlsFiles;
use qipan_session::online::Link;

#[test]
fn two_apps_play_over_wss_trusting_only_what_the_system_trusts() {
    let dir = tempfile::tempdir().expect("a folder");
    let (ca, cert, key) = test_certificates(dir.path());
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let server = runtime
        .block_on(qipan_server::start(qipan_server::Config {
            listen: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            data: dir.path().join("games.sqlite"),
            turn_ms: 60_000,
            tls: Some(TlsFiles { cert, key }),
            ..Default::default()
        }))
        .expect("the server starts");
    let wss = format!("wss://localhost:{}/ws", server.addr().port());

    // The system does not know the test's authority: the socket never opens.
    let empty = dir.path().join("no-roots.pem");
    std::fs::write(&empty, "").expect("written");
    std::env::set_var("SSL_CERT_FILE", &empty);
    let mut stranger = common::online_app(&wss);
    common::click_in_view(&mut stranger, "Play online");
    stranger.run();
    common::click_in_view(&mut stranger, "Create a game");
    common::wait_for(&mut [&mut stranger], "the connection refused", |a| {
        a[0].session()
            .connection()
            .is_some_and(|c| matches!(c.link(), Link::Lost { .. }))
    });
    assert!(stranger
        .state()
        .session()
        .online()
        .is_none_or(|o| o.state().is_none()));
    drop(stranger);

    // Trusted: two apps play as over ws://.
    std::env::set_var("SSL_CERT_FILE", &ca);
    common::two_apps_play_two_moves(&wss);
    runtime.block_on(server.stop());
}

/// A certificate authority made for the test and a certificate it signed for `localhost`,
/// written as PEM files: (the authority's certificate, the server's, its key).
fn test_certificates(
    dir: &std::path::Path,
) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let ca_key = rcgen::KeyPair::generate().expect("a CA key");
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("params");
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    // Its own name: with rcgen's default for both, OpenSSL takes the server's certificate
    // for a self-signed one (issuer = subject) and never looks for the authority.
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "Qipan test authority");
    let ca_cert = ca_params.self_signed(&ca_key).expect("the CA");
    let issuer = rcgen::Issuer::new(ca_params, ca_key);
    let key = rcgen::KeyPair::generate().expect("a key");
    let params = rcgen::CertificateParams::new(vec!["localhost".into()]).expect("params");
    let cert = params.signed_by(&key, &issuer).expect("a certificate");
    let paths = (
        dir.join("ca.pem"),
        dir.join("cert.pem"),
        dir.join("key.pem"),
    );
    std::fs::write(&paths.0, ca_cert.pem()).expect("CA written");
    std::fs::write(&paths.1, cert.pem()).expect("cert written");
    std::fs::write(&paths.2, key.serialize_pem()).expect("key written");
    paths
}
