// What a signed-in visit needs first: the app shell (menus, navigation, notification bell) and the
// dashboard it usually lands on. Loaded as one lazy chunk, so /login carries neither and a signed-in
// first load fetches both in one request (started with the session check, see app.tsx).
export { SessionLayout } from './guards/session-layout.tsx';
export { DashboardRoute } from './routes/dashboard.tsx';
