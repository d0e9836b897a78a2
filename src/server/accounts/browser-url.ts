/**
 * The server's address as a browser opens it: SVC_PUBLIC_URL when set (a proxy in front), else the
 * host and port it listens on, with a wildcard host (0.0.0.0, ::) written as localhost, which a
 * browser on the same machine reaches. Ends with a slash.
 */
export function browserBase(publicUrl: string | undefined, host: string | undefined, port: number | string | undefined): string {
  if (publicUrl) return publicUrl.endsWith('/') ? publicUrl : publicUrl + '/';
  const h = !host || host === '0.0.0.0' || host === '::' || host === '[::]' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port || 3100}/`;
}

/** The same, from the settings' environment variables (SVC_PUBLIC_URL, SVC_HOST, SVC_PORT). */
export const browserBaseOf = (env: Record<string, string | undefined>): string =>
  browserBase(env.SVC_PUBLIC_URL, env.SVC_HOST ?? '127.0.0.1', env.SVC_PORT);
