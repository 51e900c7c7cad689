import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { openDevPanel } from '@/lib/dev-panel-flag';
import { DemoOnly } from './demo-only';

/** Sets the panel's flag, then goes home as spec section 2's `/_dev` does. */
function OpenDevPanel() {
  const navigate = useNavigate();
  useEffect(() => {
    openDevPanel();
    void navigate('/', { replace: true });
  }, [navigate]);
  return null;
}

/** /_dev: opens the developer panel (decision 040); production shows its 404 instead. */
export function Component() {
  return (
    <DemoOnly>
      <OpenDevPanel />
    </DemoOnly>
  );
}
