//! The HTTP client requests go out on: hyper's pooled HTTP/1.1 client over rustls (the
//! process's crypto provider, else aws-lc-rs; the platform's certificate verifier), with nothing
//! between the request and the connection. Redirects are not followed (a 3xx is an answer), and
//! the URI is parsed once, when the request is built.
//!
//! Proxies are taken from the environment as curl reads them (`HTTPS_PROXY`, `HTTP_PROXY`,
//! `ALL_PROXY`, `NO_PROXY`, and their lower-case forms): an `https` API is reached through a
//! `CONNECT` tunnel, an `http` one by sending the request to the proxy in absolute form, each
//! with the proxy's `user:password` as `Proxy-Authorization` when its URL has them.

use bytes::Bytes;
use http_body_util::Full;
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::Client as Pooled;
use hyper_util::client::legacy::connect::proxy::Tunnel;
use hyper_util::client::legacy::connect::{Connected, Connection, HttpConnector};
use hyper_util::client::proxy::matcher::Matcher;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tower_service::Service;

/// A request body: the bytes the tool built, whole.
pub(crate) type Body = Full<Bytes>;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The pooled client, cheap to clone (clones share the pool).
#[derive(Clone)]
pub(crate) struct Client {
    pooled: Pooled<HttpsConnector<Connector>, Body>,
    proxies: Arc<Matcher>,
}

/// The platform's certificate verifier cannot be set up (the reason), so no client is built.
#[derive(Debug)]
pub(crate) struct VerifierError(std::io::Error);

impl std::fmt::Display for VerifierError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the platform's certificate verifier: {}", self.0)
    }
}

impl std::error::Error for VerifierError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

impl Client {
    /// A client for `http` and `https` URLs, through the proxies `proxies` names for them. Fails
    /// when the platform's certificate verifier cannot be set up.
    pub(crate) fn new(proxies: Matcher) -> Result<Client, VerifierError> {
        let provider = match rustls::crypto::CryptoProvider::get_default() {
            Some(p) => p.clone(),
            None => Arc::new(rustls::crypto::aws_lc_rs::default_provider()),
        };
        let mut http = HttpConnector::new();
        // The connector hands https on to rustls; small requests are written at once.
        http.enforce_http(false);
        http.set_nodelay(true);
        // A pooled connection whose peer vanished is found out, not waited on (reqwest's
        // settings: probes after 15 s idle, every 15 s, three times; 30 s for unacknowledged
        // data).
        http.set_keepalive(Some(Duration::from_secs(15)));
        http.set_keepalive_interval(Some(Duration::from_secs(15)));
        http.set_keepalive_retries(Some(3));
        #[cfg(any(target_os = "android", target_os = "fuchsia", target_os = "linux"))]
        http.set_tcp_user_timeout(Some(Duration::from_secs(30)));
        let proxies = Arc::new(proxies);
        let connector = Connector {
            direct: http,
            proxies: proxies.clone(),
        };
        let https = HttpsConnectorBuilder::new()
            .with_provider_and_platform_verifier(provider)
            .map_err(VerifierError)?
            .https_or_http()
            .enable_http1()
            .wrap_connector(connector);
        let pooled = Pooled::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(90))
            .pool_timer(TokioTimer::new())
            .timer(TokioTimer::new())
            .build(https);
        Ok(Client { pooled, proxies })
    }

    /// Sends `request` on a pooled connection; the answer's head, its body still to read.
    pub(crate) async fn send(
        &self,
        mut request: http::Request<Body>,
    ) -> Result<http::Response<hyper::body::Incoming>, hyper_util::client::legacy::Error> {
        if request.uri().scheme_str() == Some("http")
            && let Some(auth) = self
                .proxies
                .intercept(request.uri())
                .and_then(|proxy| proxy.basic_auth().cloned())
        {
            // A request an http proxy forwards carries the proxy's credentials itself.
            request
                .headers_mut()
                .insert(http::header::PROXY_AUTHORIZATION, auth);
        }
        self.pooled.request(request).await
    }
}

/// Connects to the API directly, through a proxy's `CONNECT` tunnel (https), or to the proxy
/// itself (http, the request then written in absolute form).
#[derive(Clone)]
pub(crate) struct Connector {
    direct: HttpConnector,
    proxies: Arc<Matcher>,
}

impl Service<http::Uri> for Connector {
    type Response = Stream;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Stream, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        self.direct.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, dst: http::Uri) -> Self::Future {
        let mut direct = self.direct.clone();
        let Some(proxy) = self.proxies.intercept(&dst) else {
            return Box::pin(async move {
                let io = direct.call(dst).await?;
                Ok(Stream { io, proxied: false })
            });
        };
        if dst.scheme_str() == Some("https") {
            let mut tunnel = Tunnel::new(proxy.uri().clone(), direct);
            if let Some(auth) = proxy.basic_auth() {
                tunnel = tunnel.with_auth(auth.clone());
            }
            return Box::pin(async move {
                let io = tunnel.call(dst).await?;
                Ok(Stream { io, proxied: false })
            });
        }
        let to = proxy.uri().clone();
        Box::pin(async move {
            let io = direct.call(to).await?;
            Ok(Stream { io, proxied: true })
        })
    }
}

/// A connection, and whether it is to an http proxy (hyper then writes absolute-form URIs).
pub(crate) struct Stream {
    io: TokioIo<tokio::net::TcpStream>,
    proxied: bool,
}

impl Connection for Stream {
    fn connected(&self) -> Connected {
        self.io.connected().proxy(self.proxied)
    }
}

impl hyper::rt::Read for Stream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: hyper::rt::ReadBufCursor<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl hyper::rt::Write for Stream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write_vectored(cx, bufs)
    }
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("proxies", &self.proxies)
            .finish_non_exhaustive()
    }
}

/// What a failed exchange says: `error sending request for url (<url>)`, then each cause in
/// turn (the client's own message is terse: "client error (Connect)").
pub(crate) fn describe_failure(url: &str, error: &dyn std::error::Error) -> String {
    let mut message = format!("error sending request for url ({url}): {error}");
    let mut source = error.source();
    while let Some(s) = source {
        message.push_str(": ");
        message.push_str(&s.to_string());
        source = s.source();
    }
    message
}
