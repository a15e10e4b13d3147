//! A server's address as the player types it, read once into what the app connects to.
//!
//! The app sends a player's key and seats' tokens over this connection, so an address is
//! refused where they would cross the internet in clear: a plain `ws://` address is taken
//! only for this machine and the local network (a server at home, a test on loopback);
//! anywhere else the player is told why and offered the same address with `wss://`. A
//! site's address (`https://example.org`) is read as its WebSocket, `wss://example.org/ws`,
//! so that a player may paste what their browser shows.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// A WebSocket address the app may connect to and send secrets over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerAddress(String);

/// Why a typed address was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerAddressError {
    /// Not `ws://`, `wss://`, `http://` or `https://` followed by a host.
    Malformed,
    /// Plain `ws://` (or `http://`) to a host outside this machine and the local network:
    /// the key and the tokens would travel in clear. `secure` is the same address over TLS.
    Cleartext { secure: String },
}

impl fmt::Display for ServerAddressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerAddressError::Malformed => f.write_str("not a ws:// or wss:// address"),
            ServerAddressError::Cleartext { secure } => {
                write!(f, "plain ws:// outside the local network (use {secure})")
            }
        }
    }
}

impl std::error::Error for ServerAddressError {}

impl ServerAddress {
    /// Reads an address as typed (spaces around are dropped).
    pub fn parse(text: &str) -> Result<ServerAddress, ServerAddressError> {
        let text = text.trim();
        let (scheme, rest) = text
            .split_once("://")
            .ok_or(ServerAddressError::Malformed)?;
        let secure = match scheme.to_ascii_lowercase().as_str() {
            "wss" | "https" => true,
            "ws" | "http" => false,
            _ => return Err(ServerAddressError::Malformed),
        };
        let (authority, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let host = host_of(authority).ok_or(ServerAddressError::Malformed)?;
        // A site's address names its page; the server's WebSocket is `/ws` there.
        let path = if path.is_empty() || path == "/" {
            "/ws"
        } else {
            path
        };
        let web_socket = |secure: bool| {
            let scheme = if secure { "wss" } else { "ws" };
            format!("{scheme}://{authority}{path}")
        };
        if !secure && !is_local(host) {
            return Err(ServerAddressError::Cleartext {
                secure: web_socket(true),
            });
        }
        Ok(ServerAddress(web_socket(secure)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the connection is over TLS.
    pub fn is_secure(&self) -> bool {
        self.0.starts_with("wss://")
    }
}

impl fmt::Display for ServerAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The host of `host[:port]` (or `[v6]:port`), lower case; `None` when there is none or it
/// holds what no host name does (a user name, spaces).
fn host_of(authority: &str) -> Option<&str> {
    if authority.is_empty() || authority.contains(['@', ' ', '?', '#']) {
        return None;
    }
    let (host, port) = match authority.strip_prefix('[') {
        Some(bracketed) => {
            let (v6, after) = bracketed.split_once(']')?;
            let port = match after {
                "" => None,
                after => Some(after.strip_prefix(':')?),
            };
            (v6, port)
        }
        None => match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    if host.is_empty() || port.is_some_and(|port| port.parse::<u16>().is_err()) {
        return None;
    }
    Some(host)
}

/// This machine or the local network: loopback, private and link-local addresses, and the
/// names that only resolve there (`localhost`, `*.localhost`, mDNS's `*.local`).
fn is_local(host: &str) -> bool {
    let name = host.trim_end_matches('.').to_ascii_lowercase();
    if name == "localhost" || name.ends_with(".localhost") || name.ends_with(".local") {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(IpAddr::V4(ip)) => is_local_v4(ip),
        Ok(IpAddr::V6(ip)) => match ip.to_ipv4_mapped() {
            Some(v4) => is_local_v4(v4),
            None => is_local_v6(ip),
        },
        Err(_) => false,
    }
}

fn is_local_v4(ip: Ipv4Addr) -> bool {
    ip.is_loopback() || ip.is_private() || ip.is_link_local()
}

fn is_local_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    // fc00::/7 (unique local) and fe80::/10 (link-local).
    ip.is_loopback() || (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<String, ServerAddressError> {
        ServerAddress::parse(text).map(|a| a.as_str().to_owned())
    }

    #[test]
    fn secure_addresses_are_taken_anywhere() {
        for (typed, read_as) in [
            ("wss://play.example.org/ws", "wss://play.example.org/ws"),
            (
                "  wss://play.example.org:8443/ws ",
                "wss://play.example.org:8443/ws",
            ),
            ("https://play.example.org", "wss://play.example.org/ws"),
            ("https://play.example.org/", "wss://play.example.org/ws"),
            ("WSS://203.0.113.7/ws", "wss://203.0.113.7/ws"),
            ("wss://[2001:db8::1]:443/ws", "wss://[2001:db8::1]:443/ws"),
        ] {
            assert_eq!(read(typed).as_deref(), Ok(read_as), "{typed}");
        }
        assert!(ServerAddress::parse("wss://a.example/ws").is_ok_and(|a| a.is_secure()));
    }

    #[test]
    fn plain_addresses_are_taken_on_this_machine_and_the_local_network() {
        for typed in [
            "ws://127.0.0.1:8090/ws",
            "ws://localhost:8090/ws",
            "ws://qipan.localhost/ws",
            "ws://10.1.2.3/ws",
            "ws://172.16.0.9:8090/ws",
            "ws://192.168.1.20:8090/ws",
            "ws://169.254.3.3/ws",
            "ws://[::1]:8090/ws",
            "ws://[fd12:3456::1]/ws",
            "ws://[fe80::1]/ws",
            "ws://[::ffff:192.168.1.2]/ws",
            "ws://raspberrypi.local:8090/ws",
            "http://192.168.1.20:8090",
        ] {
            let read = read(typed);
            assert!(
                read.as_deref().is_ok_and(|a| a.starts_with("ws://")),
                "{typed}: {read:?}"
            );
        }
    }

    #[test]
    fn plain_addresses_elsewhere_are_refused_with_the_secure_one() {
        for (typed, secure) in [
            ("ws://play.example.org/ws", "wss://play.example.org/ws"),
            ("http://play.example.org", "wss://play.example.org/ws"),
            ("ws://203.0.113.7:8090/ws", "wss://203.0.113.7:8090/ws"),
            ("ws://172.32.0.1/ws", "wss://172.32.0.1/ws"),
            ("ws://[2001:db8::1]/ws", "wss://[2001:db8::1]/ws"),
            (
                "ws://localhost.example.org/ws",
                "wss://localhost.example.org/ws",
            ),
        ] {
            assert_eq!(
                read(typed),
                Err(ServerAddressError::Cleartext {
                    secure: secure.to_owned()
                }),
                "{typed}"
            );
        }
    }

    #[test]
    fn what_is_no_address_is_malformed() {
        for typed in [
            "",
            "play.example.org",
            "ftp://play.example.org",
            "wss://",
            "wss:///ws",
            "wss://user@play.example.org/ws",
            "wss://play.example.org:port/ws",
            "wss://play.example.org:99999/ws",
            "wss://[::1/ws",
            "wss://a b/ws",
        ] {
            assert_eq!(read(typed), Err(ServerAddressError::Malformed), "{typed}");
        }
    }
}
