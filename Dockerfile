# Build stage: compile the release binary.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY assets ./assets
COPY benches ./benches
COPY tests ./tests
RUN cargo build --release --locked --bin ugolki

# Runtime stage: a slim image with only the binary and its assets.
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
ENV UGOLKI_DATA_DIR=/data
ENTRYPOINT ["/usr/local/bin/ugolki"]
CMD ["bot"]
