// A tiny static file server for tests and benchmarks: serves a folder on 127.0.0.1 with the
// page's Content-Security-Policy (or the given one; null for none) and CORS open to any origin,
// as a CDN serves the widgets. Usage as a module: const s = await serveStatic(dir); s.url; s.close().
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FILE_TYPES } from '../web/src/host/file-types.js';

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:";

/**
 * options: port; csp (null for none); inject: a script's text served as /__inject.js and loaded
 * first in every HTML page's head (the engine tests use it to record a page's problems in any engine);
 * intercept(url, req): how a host or proxy bends a request, asked first: null or undefined serves
 * the file, {path} serves another path's file, {status, headers, body} is the answer as it is.
 */
export async function serveStatic(
  root,
  { port = 0, csp = CONTENT_SECURITY_POLICY, inject = null, intercept = () => null } = {},
) {
  const top = path.resolve(root);
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://localhost');
      const bent = intercept(url, req);
      if (bent?.status) {
        res.writeHead(bent.status, { 'Cache-Control': 'no-store', ...bent.headers });
        res.end(bent.body ?? '');
        return;
      }
      if (bent?.path) url.pathname = bent.path;
      if (inject !== null && url.pathname === '/__inject.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' });
        res.end(inject);
        return;
      }
      let file = path.join(top, decodeURIComponent(url.pathname));
      if (file !== top && !file.startsWith(top + path.sep)) throw new Error('outside the root');
      if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
      let body = await readFile(file);
      if (inject !== null && path.extname(file) === '.html')
        body = body.toString().replace(/<head>/i, '<head><script src="/__inject.js"></script>');
      res.writeHead(200, {
        'Content-Type': FILE_TYPES[path.extname(file)] ?? 'application/octet-stream',
        ...(csp ? { 'Content-Security-Policy': csp } : {}),
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}
