/**
 * A tiny forward proxy on loopback for tests: CONNECT tunnels (how undici's proxy agent reaches any
 * target) and absolute-form requests (plain HTTP proxying). It records what it was asked to reach.
 */
import * as http from "http";
import * as net from "net";

export interface TinyProxy {
  url: string;
  /** "CONNECT host:port" or "GET http://..." per request seen. */
  seen: string[];
  close(): Promise<void>;
}

export async function startTinyProxy(): Promise<TinyProxy> {
  const seen: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? "");
    const up = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on("error", () => res.writeHead(502).end());
    req.pipe(up);
  });
  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? "").split(":");
    const up = net.connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    for (const s of [up, client]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => (s === up ? client : up).destroy());
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
