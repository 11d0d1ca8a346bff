// server.mjs — a tiny static file server on 127.0.0.1 (free port) for the browser tests. It serves one
// folder with the MIME types a page needs (application/wasm lets the browser compile while downloading)
// and answers everything else with 404. Nothing here reaches past the loopback interface.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
};

// Resolves to { url, port, close(), served: [paths] }. With `prefix` ('/a/b/') the folder is served under
// that path only, as a host would mount it under a sub-path; anything else is 404.
export function serveFolder(root, { prefix = '/' } = {}) {
  const served = [];
  const server = createServer(async (req, res) => {
    const fullPath = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    served.push(fullPath);
    if (!fullPath.startsWith(prefix)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const path = '/' + fullPath.slice(prefix.length);
    let file = normalize(join(root, path));
    if (!file.startsWith(normalize(root + sep)) && file !== normalize(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': MIME[extname(file)] || 'application/octet-stream',
        'Content-Length': body.length,
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}${prefix}`,
        port,
        served,
        close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(() => done()); }),
      });
    });
  });
}
