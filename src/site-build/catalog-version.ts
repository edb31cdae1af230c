/** Asks a catalogue API for its version (GET /api/health); throws naming the URL when it does not answer. */
export async function catalogVersion(apiUrl: string): Promise<string> {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/health`;
  let reply: Response;
  try {
    reply = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new Error(`The catalogue API at ${url} did not answer (${(err as Error).cause ?? (err as Error).message}).`);
  }
  const body = (await reply.json().catch(() => undefined)) as { data?: { catalogVersion?: string } } | undefined;
  if (!reply.ok || !body?.data?.catalogVersion) {
    throw new Error(`The catalogue API at ${url} answered ${reply.status} without a catalogue version.`);
  }
  return body.data.catalogVersion;
}
