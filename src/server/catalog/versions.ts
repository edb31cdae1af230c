// The channel every stock change notifies (payload: the changed product ids, comma-separated), sent with pg_notify inside the changing transaction so it is delivered only on commit.
export const STOCK_CHANNEL = 'kiryana_stock';
