// `npm run build`: shared, server and web, through the same safe steps as `npm start`: the
// web app goes into a new folder and `apps/web/dist` switches to it (docs/decisions/022).
import { build } from './prepare.mjs';

build();
