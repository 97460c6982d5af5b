import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { settingsInPage } from '../../api/settings-in-page';

/**
 * The staging/demo banner: its text comes from the deployment's settings (DEMO_BANNER), which the
 * served page carries (product rule R14.12), so it is drawn with the first paint, shifting nothing.
 */
export function DemoBanner() {
  const [text, setText] = useState(() => settingsInPage()?.demo_banner);
  useEffect(() => {
    if (text === undefined)
      unwrap(api.GET('/settings'))
        .then((body) => setText(body.data.attributes.demo_banner))
        .catch(() => undefined);
  }, [text]);
  return text ? (
    <div className="demo-banner" role="note">
      {text}
    </div>
  ) : null;
}
