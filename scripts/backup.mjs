// npm run backup -- FILE: one archive of the database, the uploaded files and the app secret (README).
import { register } from 'tsx/esm/api';

register();
const { backupMain } = await import('../apps/server/src/backup/cli.ts');
process.exit(await backupMain(process.argv.slice(2)));
