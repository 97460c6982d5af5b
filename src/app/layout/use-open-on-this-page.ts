import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Open state for a header menu or drawer. Product rule R1.19: it closes when the customer moves
 * to another page (a link, Back, Forward), and stays open while the page they are on redirects
 * itself (a replace navigation: `/account` becoming `/account/dashboard` just after sign-in).
 * Keying the state by pathname closed a menu the customer had just opened under that redirect.
 */
export function useOpenOnThisPage(): [boolean, (next: boolean) => void] {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [open, setOpen] = useState(false);
  const [seenKey, setSeenKey] = useState(location.key);
  // Adjusted while rendering (not in an effect), so a closed menu never paints open on the new page.
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (navigationType !== 'REPLACE') setOpen(false);
  }
  return [open, setOpen];
}
