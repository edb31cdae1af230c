/**
 * The address the start log tells the shopper to open: the host the store listens on, so that the
 * link works from where it was started. A wildcard address (every interface) or localhost itself is
 * shown as localhost, the one name that always reaches it from the same machine; any other host
 * (127.0.0.1, a LAN address, a name) is shown as given, an IPv6 one in brackets.
 */
export function openAddress(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
