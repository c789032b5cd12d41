# speedgrapher in a container: a static binary on a small base, run as a
# non-root user. With no arguments it serves MCP over stdio (docker run -i);
# pass --http 0.0.0.0:8080 to serve streamable HTTP. The workspace is /work:
# mount the drafts there.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/speedgrapher ./cmd/speedgrapher

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/speedgrapher /usr/local/bin/speedgrapher
WORKDIR /work
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/speedgrapher"]
