# Build stage. The dependencies are built first in their own layer, from the manifest,
# the lock file and the vendored sled alone (with stand-in sources), so a change to src/
# rebuilds only the crate. `.ci/docker-build-check` runs these steps outside Docker:
# every path the build needs must be COPYed here, or CI fails.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY vendor ./vendor
COPY benches ./benches
RUN mkdir -p src && echo "fn main() {}" > src/main.rs && touch src/lib.rs \
    && cargo build --release --locked --bin ugolki \
    && rm -rf src
COPY src ./src
COPY assets ./assets
# COPY keeps the files' times, which are older than the stand-ins': touch them so cargo
# rebuilds the crate.
RUN touch src/main.rs src/lib.rs && cargo build --release --locked --bin ugolki

# Runtime stage: a slim image with only the binary (pictures and fonts are built in).
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data ugolki \
    && mkdir -p /data && chown ugolki /data
COPY --from=build /src/target/release/ugolki /usr/local/bin/ugolki
USER ugolki
WORKDIR /data
VOLUME ["/data"]
ENV UGOLKI_DATA_DIR=/data \
    UGOLKI_METRICS_LISTEN=0.0.0.0:9090
# 8443: the webhook server (only with --webhook-url); 9090: /healthz and /metrics.
EXPOSE 8443 9090
# The bot stops cleanly on SIGTERM: it finishes the moves, board edits and game ends in
# flight (up to about 45 s). Docker's default grace is 10 s: run with
# `docker run --stop-timeout 60` (compose: `stop_grace_period: 60s`).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["/usr/local/bin/ugolki", "health"]
ENTRYPOINT ["/usr/local/bin/ugolki"]
CMD ["bot"]
