import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Foundation stage of the renderer: it tells the shop owner where the embedded sandbox runs.
// The cashier screens (new sale, big QR, history, refunds, receipts, settings) come next.

function sandboxUrl(): string | null {
  const match = /sandbox=([^&]+)/.exec(window.location.hash);
  return match ? decodeURIComponent(match[1]!) : null;
}

function App() {
  const url = sandboxUrl();
  return (
    <main>
      <h1>Balcão</h1>
      <p>{url ? `Sandbox Pix em execução em ${url}` : 'Sandbox Pix em execução.'}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
