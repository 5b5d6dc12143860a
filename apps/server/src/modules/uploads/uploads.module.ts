import { removeAbandonedUploads } from '../../files/upload-sessions.ts';
import type { ServerModule } from '../../server-module.ts';
import { uploadsRoutes } from './uploads.routes.ts';

/** Resumable uploads of large files (the sessions and their parts are the files layer's). */
export const uploadsModule: ServerModule = {
  name: 'uploads',
  routes: [uploadsRoutes],
  housekeeping: [removeAbandonedUploads],
};
