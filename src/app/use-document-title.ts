import { useEffect } from 'react';

/** Each screen names itself first: '<Screen> · Sfoglia'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Sfoglia`;
  }, [title]);
}
