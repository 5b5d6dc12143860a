import type { ServerModule } from '../../server-module.ts';
import { processingRoutes } from './processing.routes.ts';

export const processingModule: ServerModule = { name: 'processing', routes: [processingRoutes] };
