//! `--proxy`: who a request comes from when a reverse proxy (Caddy, nginx) stands in front
//! of the server (hosting.md's "Options"). Behind a proxy every peer is the proxy, so every
//! limit counted per address would be shared by the whole world; the proxy says who its
//! client is in `X-Forwarded-For`, and that header is believed only from the proxies named,
//! since anyone else could write any address in it.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;

/// The header a proxy names its client in (Caddy and nginx alike).
const FORWARDED_FOR: &str = "x-forwarded-for";

/// The addresses of the proxies whose `X-Forwarded-For` is believed; none without
/// `--proxy`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies(Vec<IpAddr>);

impl Proxies {
    pub fn new(addresses: Vec<IpAddr>) -> Proxies {
        Proxies(addresses)
    }

    /// Who a request from `peer` with `headers` comes from: from a named proxy, the last
    /// entry of its last `X-Forwarded-For` (the one that proxy added: the entries before it
    /// were written by the client or by proxies nobody named, and may be lies); from anyone
    /// else, or when that entry is no address, the peer itself.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.0.contains(&canonical(peer)) {
            return peer;
        }
        headers
            .get_all(FORWARDED_FOR)
            .iter()
            .next_back()
            .and_then(|value| value.to_str().ok())
            .and_then(|list| list.rsplit(',').next())
            .and_then(parse_entry)
            .unwrap_or(peer)
    }
}

/// An IPv4 peer seen on a dual-stack socket (`::ffff:10.0.0.1`) is that IPv4 address.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

/// One entry of `X-Forwarded-For`: an address, bare or with a port (`[::1]:443`,
/// `10.0.0.1:80`).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(canonical)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in values {
            map.append(FORWARDED_FOR, value.parse().expect("a header value"));
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn only_a_named_proxys_last_entry_is_believed() {
        let proxies = Proxies::new(vec![ip("10.0.0.5")]);
        let proxy = ip("10.0.0.5");
        let client = |values: &[&str]| proxies.client(proxy, &headers(values));
        assert_eq!(client(&["203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(client(&["1.1.1.1, 203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(
            client(&["1.1.1.1", "2.2.2.2,203.0.113.8"]),
            ip("203.0.113.8")
        );
        assert_eq!(client(&["[2001:db8::1]:443"]), ip("2001:db8::1"));
        assert_eq!(client(&["203.0.113.9:80"]), ip("203.0.113.9"));
        assert_eq!(client(&["not an address"]), proxy);
        assert_eq!(client(&[]), proxy);
        // Anyone else's header is ignored, and so is every header without `--proxy`.
        let stranger = ip("198.51.100.1");
        assert_eq!(
            proxies.client(stranger, &headers(&["203.0.113.7"])),
            stranger
        );
        assert_eq!(
            Proxies::default().client(proxy, &headers(&["203.0.113.7"])),
            proxy
        );
    }

    #[test]
    fn a_proxy_seen_through_a_dual_stack_socket_is_still_named() {
        let proxies = Proxies::new(vec![ip("127.0.0.1")]);
        let mapped = ip("::ffff:127.0.0.1");
        assert_eq!(
            proxies.client(mapped, &headers(&["203.0.113.7"])),
            ip("203.0.113.7")
        );
    }
}
