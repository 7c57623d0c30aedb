// A key cap shown next to every action: the cashier learns the shortcut by looking.
export function Kbd({ children }: { children: string }) {
  return <kbd className="kbd">{children}</kbd>;
}
