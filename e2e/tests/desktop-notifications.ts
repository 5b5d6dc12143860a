import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dbus from 'dbus-next';

/** A notice Chromium handed to the desktop. */
export interface DesktopNotice {
  id: number;
  summary: string;
  body: string;
}

export interface DesktopNotifications {
  /** The environment that points Chromium at this desktop's session bus. */
  env: { DBUS_SESSION_BUS_ADDRESS: string };
  shown: DesktopNotice[];
  /** Taps a shown notice, as a person does on the desktop or the phone's shade. */
  tap(id: number): void;
  close(): Promise<void>;
}

const NOTIFICATIONS = 'org.freedesktop.Notifications';

/** The desktop's notification server as the freedesktop.org specification has it: Chromium on Linux shows its notices through it. */
class NotificationServer extends dbus.interface.Interface {
  shown: DesktopNotice[] = [];
  private next = 1;
  constructor() {
    super(NOTIFICATIONS);
  }
  GetCapabilities() {
    return ['actions', 'body'];
  }
  GetServerInformation() {
    return ['trowel-e2e', 'trowel', '1', '1.2'];
  }
  Notify(_app: string, replaces: number, _icon: string, summary: string, body: string) {
    const id = replaces || this.next++;
    this.shown.push({ id, summary, body });
    return id;
  }
  CloseNotification(id: number) {
    this.NotificationClosed(id, 3);
  }
  ActionInvoked(id: number, action: string) {
    return [id, action];
  }
  NotificationClosed(id: number, reason: number) {
    return [id, reason];
  }
}
NotificationServer.configureMembers({
  methods: {
    GetCapabilities: { inSignature: '', outSignature: 'as' },
    GetServerInformation: { inSignature: '', outSignature: 'ssss' },
    Notify: { inSignature: 'susssasa{sv}i', outSignature: 'u' },
    CloseNotification: { inSignature: 'u', outSignature: '' },
  },
  signals: {
    ActionInvoked: { signature: 'us' },
    NotificationClosed: { signature: 'uu' },
  },
});

/**
 * A desktop for a headless Chromium: a session bus of its own (dbus-daemon, no services to start) and
 * a notification server on it. Chromium on Linux shows a service worker's notices there, and a tap
 * (the `default` action) comes back to Chromium as a real click: its notificationclick may focus and
 * open windows, which an event dispatched by script may not.
 */
export async function startDesktopNotifications(): Promise<DesktopNotifications> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-desktop-'));
  const socket = path.join(dir, 'bus');
  const config = path.join(dir, 'session.conf');
  fs.writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );
  const daemon = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    daemon.once('error', reject);
    daemon.once('exit', (code) => reject(new Error(`dbus-daemon exited (${code})`)));
    daemon.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
  });
  const bus = dbus.sessionBus({ busAddress: address });
  const server = new NotificationServer();
  bus.export('/org/freedesktop/Notifications', server);
  await bus.requestName(NOTIFICATIONS, 0);
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    shown: server.shown,
    tap: (id) => server.ActionInvoked(id, 'default'),
    async close() {
      bus.disconnect();
      const exited = new Promise((resolve) => daemon.once('exit', resolve));
      daemon.kill();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
