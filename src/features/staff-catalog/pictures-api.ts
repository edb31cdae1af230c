/**
 * Sends one picture to the staff API (`POST /api/staff/pictures`) as the file's raw bytes, and tells
 * how much of it has gone. It goes by XMLHttpRequest rather than staffFetch's fetch: fetch cannot
 * report an upload's progress, and a photo on a slow phone line takes a while. Otherwise it is
 * staffFetch's contract: the session cookie goes by itself, a refusal is a StaffApiError in the
 * API's words, and a 401 (or an owed authenticator set-up) sends the browser to sign in first.
 */
import type { PictureKind } from '#lib/pictures.ts';
import { leaveFor, STAFF_API, StaffApiError } from '#features/staff/api.ts';

/** Longest an upload may take before it is given up (a 10 MB photo on a slow line fits). */
const UPLOAD_TIMEOUT_MS = 180_000;

const UNREACHABLE = 'Could not reach the store. Please check the connection and try again.';

/** Resolves with the picture's URL as the catalogue stores it; `onProgress` is told 0..1 as the bytes go. */
export function uploadPicture(kind: PictureKind, file: Blob, onProgress: (sent: number) => void): Promise<string> {
  return new Promise((done, failed) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${STAFF_API}/pictures?kind=${kind}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const reply = (xhr.response ?? {}) as { data?: { image?: unknown }; message?: unknown; errors?: Record<string, string> };
      if (xhr.status === 201 && typeof reply.data?.image === 'string') return done(reply.data.image);
      const message = typeof reply.message === 'string' ? reply.message : `The upload failed (Status: ${xhr.status}).`;
      const to = leaveFor(xhr.status, message, location.pathname + location.search + location.hash);
      if (to) location.assign(to);
      failed(new StaffApiError(xhr.status, message, reply.errors ?? {}, Boolean(to)));
    };
    xhr.onerror = () => failed(new StaffApiError(0, UNREACHABLE));
    xhr.ontimeout = () => failed(new StaffApiError(0, UNREACHABLE));
    xhr.send(file);
  });
}
