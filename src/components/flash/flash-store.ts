/** Product rule R1.5: a flash message disappears after 3000 ms. */
export const FLASH_DURATION_MS = 3000;

export interface FlashMessage {
  id: number;
  text: string;
  kind: 'success' | 'info' | 'error';
}

let messages: FlashMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissFlash(id: number): void {
  messages = messages.filter((message) => message.id !== id);
  emit();
}

/** Shows a message from anywhere in the app; it goes by itself after FLASH_DURATION_MS. */
export function flash(text: string, kind: FlashMessage['kind'] = 'success'): void {
  const id = nextId++;
  messages = [...messages, { id, text, kind }];
  emit();
  setTimeout(() => dismissFlash(id), FLASH_DURATION_MS);
}

export function subscribeFlash(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const flashSnapshot = () => messages;
