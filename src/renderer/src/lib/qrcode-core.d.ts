// The QR encoder core of the `qrcode` package, typed locally: importing the core directly keeps
// the renderer free of @types/qrcode's Node stream types and of its canvas renderer.
declare module 'qrcode/lib/core/qrcode' {
  export interface QrSymbol {
    modules: { size: number; data: Uint8Array; get(row: number, col: number): number };
    version: number;
  }
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): QrSymbol;
}
