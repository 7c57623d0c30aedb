// The preload of the cashier window. It runs sandboxed with contextIsolation; the typed preload
// API (src/shared/pos-api.ts) is exposed here by the counter app. Nothing is exposed yet, so the
// renderer has no path into the main process at all.
export {};
