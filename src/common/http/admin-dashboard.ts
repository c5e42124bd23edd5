import express, { NextFunction, Request, Response, Router } from 'express';
import { statSync } from 'fs';
import helmet from 'helmet';
import { extname, join, resolve } from 'path';
import { ConfigError } from '../../config/configuration';

/** Where a built dashboard is served when ADMIN_DASHBOARD_DIR is set (Medusa served its admin there). */
export const ADMIN_DASHBOARD_PATH = '/app';

/**
 * The only Content-Security-Policy this service sends: on the dashboard's pages, and there
 * just what Medusa's built dashboard needs. Its scripts, fonts and API calls come from this
 * origin; react-select injects <style> elements (hence 'unsafe-inline' for styles, never
 * for scripts); product images may be hosted anywhere over HTTPS. The API's own answers are
 * JSON and keep helmet's other headers without a CSP.
 */
const DASHBOARD_CSP = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  },
});

/**
 * Serves a dashboard built with `medusa-admin build --deployment --path /app --backend /`
 * from `dir`: its files as they are (hashed names, cached for a year), and its index.html
 * for any other GET under /app (the dashboard routes in the browser). A path that names a
 * missing file (has an extension) falls through to the API's JSON 404. Mounted only when
 * the setting is given: without it, nothing here runs. The dashboard then calls the API on
 * the same origin, so the session cookie, CORS and the cross-site write check need nothing
 * more (this server's own origin is always allowed to write).
 */
export function adminDashboard(dir: string): Router {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  if (!statSync(index, { throwIfNoEntry: false })?.isFile()) {
    throw new ConfigError(
      `ADMIN_DASHBOARD_DIR=${dir} has no index.html. Build Medusa's dashboard there with: npx medusa-admin build --deployment --path /app --backend / (see docs/medusa-clients.md, "Run Medusa's admin dashboard").`,
    );
  }
  const router = express.Router();
  router.use(DASHBOARD_CSP);
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      immutable: true,
      maxAge: '365d',
      setHeaders: (res, path) => {
        if (path === index) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (extname(req.path) !== '' && extname(req.path) !== '.html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
