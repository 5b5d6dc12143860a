// npm run restore -- [--force] [--check] FILE: fills an empty database, DATA_DIR and bucket from a backup (README).
import { register } from 'tsx/esm/api';

register();
const { restoreMain } = await import('../apps/server/src/backup/cli.ts');
process.exit(await restoreMain(process.argv.slice(2)));
