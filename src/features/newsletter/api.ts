/** The newsletter resource: signs an address up (POST /api/newsletter). Must not throw. */
import { ApiClient, type ApiResult } from '#lib/api.ts';

export function subscribe(email: string, client: ApiClient = new ApiClient()): Promise<ApiResult<unknown>> {
  return client.request('/api/newsletter', { method: 'POST', body: { email } });
}
