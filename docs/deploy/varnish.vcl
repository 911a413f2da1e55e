vcl 4.1;

# Varnish in front of the tenant-sites instances (or of the load balancer spreading over them).
# Tested as shipped by test/deploy-varnish.process.test.ts against Debian's varnish 7.1 with
# varnish-modules; see docs/deploy/README.md for the picture and how to run it.
#
# What it guarantees:
# - an anonymous page is kept as long as the instance tells a CDN (CDN-Cache-Control, RFC 9213,
#   sent when the instance forwards its purges here; else s-maxage), counted from this fetch, and
#   served stale while it fetches again or while the instance fails (grace = the instance's
#   stale-while-revalidate); browsers get Cache-Control alone, without stale serving;
# - nothing a visitor signed in with, nothing that sets a cookie, nothing private is ever kept;
# - the instances read only forwarding headers a trusted hop set (TRUST_PROXY: one per proxy from
#   here to them): X-Forwarded-For, -Proto and -Host a visitor sent are replaced or removed, as is
#   any Forwarded; from the front_proxies ACL only (a TLS terminator in front) they are kept and the
#   peer's address appended to X-Forwarded-For;
# - the cache key is the URL and host; variants are the instance's Vary over a Cookie header
#   reduced to the language cookie, so a page has a handful of copies (one per language cookie
#   value and gzip or not), never one per visitor;
# - purges from the instances (VARNISH_PURGE_URLS), and from the purgers ACL only:
#     PURGE /       with `xkey-softpurge: <keys>`  marks the objects carrying any key stale
#     PURGE /       with `xkey-purge: <keys>`      drops them
#     PURGE <path>  with `Host: <tenant host>`     drops that address, every query and variant

import std;
import cookie;
import xkey;

# The instances, or the load balancer in front of them. Only these two lines need to change.
backend default {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 2s;
    # Above the instances' RENDER_TIMEOUT_MS: a page that renders slowly is still answered.
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 30s;
}

# Who may purge: the instances (add their network here). Loopback for an instance on this host.
acl purgers {
    "127.0.0.1";
    "::1";
}

# The proxy in front whose forwarding headers are kept (a TLS terminator): none as shipped, where
# Varnish faces visitors itself.
acl front_proxies {
}

sub vcl_recv {
    # Varnish has appended the peer's address to X-Forwarded-For already; from a visitor the list is
    # that address alone, and the scheme is this plain-HTTP listener's.
    if (client.ip !~ front_proxies) {
        set req.http.X-Forwarded-For = client.ip;
        set req.http.X-Forwarded-Proto = "http";
        unset req.http.X-Forwarded-Host;
        # A visitor's W3C trace context is not the operator's (docs/operations.md "Traces").
        unset req.http.traceparent;
        unset req.http.tracestate;
    }
    unset req.http.Forwarded;
    if (req.method == "PURGE") {
        call purge_request;
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The same-origin API, the purge endpoint and the probes are per request by nature.
    if (req.url ~ "^/(api|_internal)/" || req.url ~ "^/(healthz|readyz|metrics)(\?|$)") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }
    # Only the language cookie changes a page; every other cookie (analytics a site added, the
    # session cookies `__Host-api_…` a signed-in visitor sends on every path: pages never depend on
    # them) is dropped, so it neither reaches the instance nor splits the cache.
    if (req.http.Cookie) {
        cookie.parse(req.http.Cookie);
        cookie.keep("lang");
        set req.http.Cookie = cookie.get_string();
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        }
    }
    # With the language cookie set, the browser's languages no longer matter (they only choose a
    # first visit's language): one variant per cookie value, whatever the Accept-Language.
    if (req.http.Cookie) {
        unset req.http.Accept-Language;
    }
    return (hash);
}

# The cache key is the URL and Host, and only they (the builtin's, spelled out): the instances take
# the tenant from Host, so one host's copies never answer another's.
sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    return (lookup);
}

sub purge_request {
    if (client.ip !~ purgers) {
        return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-purge) {
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged));
    }
    if (req.http.xkey-softpurge) {
        set req.http.x-purged = xkey.softpurge(req.http.xkey-softpurge);
        return (synth(200, "Soft-purged " + req.http.x-purged));
    }
    if (!req.http.host || req.url !~ "^/[^\s]*$") {
        return (synth(400, "PURGE needs xkey-purge, xkey-softpurge, or a path and Host"));
    }
    # Every object kept for this host and path, whatever its query or variant.
    if (std.ban("obj.http.x-host == " + regsub(std.tolower(req.http.host), ":[0-9]+$", "") +
            " && obj.http.x-path == " + regsub(req.url, "\?.*$", ""))) {
        return (synth(200, "Banned"));
    }
    return (synth(400, std.ban_error()));
}

sub vcl_backend_response {
    # What the ban of a path purge compares; removed before delivery.
    set beresp.http.x-host = regsub(std.tolower(bereq.http.host), ":[0-9]+$", "");
    set beresp.http.x-path = regsub(bereq.url, "\?.*$", "");
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Never kept: a cookie being set, a private or unstorable answer. Hit-for-miss: the next
    # request of this variant goes to the instance again, and may be kept then.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(private|no-store|no-cache)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 10s;
        return (deliver);
    }
    # A first visit (no language cookie) of a page that depends on the browser's languages is
    # that visitor's redirect or page: kept per Accept-Language it would fill the cache with copies.
    if (!bereq.http.Cookie && beresp.http.Vary ~ "(?i)accept-language") {
        set beresp.uncacheable = true;
        set beresp.ttl = 10s;
        return (deliver);
    }
    # The instance's purge tags, as xkey reads them (space-separated).
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # The lifetime meant for a CDN, less the page's age (RFC 9111 §4.2.3): the instance lengthens
    # it by the age of the copy it answers from, so the page is kept max-age seconds from now.
    if (beresp.http.CDN-Cache-Control ~ "(^|,)\s*max-age=[0-9]+") {
        set beresp.ttl = std.duration(
            regsub(beresp.http.CDN-Cache-Control, "^(.*,)?\s*max-age=([0-9]+).*$", "\2") + "s", 0s)
            - std.duration(beresp.http.Age + "s", 0s);
    }
    # Served stale while fetched again for as long as the instance itself would (RFC 5861).
    if (beresp.http.CDN-Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.CDN-Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    } else if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    } else {
        set beresp.grace = 0s;
    }
    return (deliver);
}

sub vcl_deliver {
    unset resp.http.x-host;
    unset resp.http.x-path;
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    # Meant for this cache only; browsers go by Cache-Control.
    unset resp.http.CDN-Cache-Control;
    # For operators: whether this answer came from the cache (X-Varnish names two requests then).
    if (obj.uncacheable) {
        set resp.http.X-Cache = "pass";
    } else if (obj.hits > 0 && obj.ttl <= 0s) {
        set resp.http.X-Cache = "stale";
    } else if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
