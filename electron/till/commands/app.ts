/** The app's own command: what runs, where its data is, which gateway it uses. */
import type { AppInfo, ConnectionView } from '../../../shared/posapi.js';
import type { TillParts } from '../parts.js';

/** app.info */
export async function appInfo(till: TillParts): Promise<AppInfo> {
  const info = till.deps.appInfo();
  return {
    name: 'Paydesk',
    version: info.version,
    mode: till.deps.embeddedMode,
    gatewayUrl: till.link.url(),
    dataDir: info.dataDir,
    shell: info.shell,
  };
}

/** connection.get: the gateway connection now, for a page that connects after it changed. */
export async function connectionNow(till: TillParts): Promise<ConnectionView> {
  return till.link.view();
}
