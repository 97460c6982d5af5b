import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';

/** The staging/demo banner: its text comes from the deployment's settings (DEMO_BANNER). */
export function DemoBanner() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    unwrap(api.GET('/settings'))
      .then((body) => live && setText(body.data.attributes.demo_banner))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!text) return null;
  return (
    <div className="demo-banner" role="note">
      {text}
    </div>
  );
}
