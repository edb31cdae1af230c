/**
 * How the service worker marks a reply it answered from its own copy because the network failed
 * (src/features/offline/rules.ts markedOfflineCopy): this header, and the same field in a JSON
 * reply's body (what the page's code reads: src/lib/live-products.ts), each saying when the copy
 * was saved (an HTTP date). No imports: the worker's bundle and the pages' code share it.
 */
export const OFFLINE_COPY_HEADER = 'X-Kiryana-Offline-Copy';
export const OFFLINE_COPY_FIELD = 'offlineCopy';
