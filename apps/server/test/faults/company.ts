// A small company made through the API of a running server (as its administrator would), so the
// fault runs write what the app writes: project leads, site engineers on their projects, a client.

/** The header of a signed-in person's requests. */
export type Auth = { authorization: string };

export interface FaultProject {
  id: string;
  /** The project lead's session: reviews the project's material requests. */
  lead: Auth;
  /** Site engineers on the project's team: write logs and ask for materials. */
  engineers: Auth[];
}

export interface FaultCompany {
  admin: Auth;
  projects: FaultProject[];
}

const PASSWORD = 'fault-run-2026';

/** Sends JSON and answers the parsed answer; throws on a status other than `expected`. */
export async function call<T>(
  origin: string,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  expected = method === 'POST' ? 201 : 200,
): Promise<T> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function signIn(origin: string, email: string, password = PASSWORD): Promise<Auth> {
  const { token } = await call<{ token: string }>(
    origin,
    'POST',
    '/api/auth/login',
    { email, password },
    {},
    200,
  );
  return { authorization: `Bearer ${token}` };
}

/** `projects` projects, each with a lead and `engineersPerProject` engineers, and one client for all. */
export async function makeCompany(
  origin: string,
  admin: { email: string; password: string },
  projects: number,
  engineersPerProject: number,
): Promise<FaultCompany> {
  const adminAuth = await signIn(origin, admin.email, admin.password);
  const person = async (role: string, email: string) => {
    const { user } = await call<{ user: { id: string } }>(
      origin,
      'POST',
      '/api/users',
      { name: `Fault ${role} ${email.split('@')[0]}`, email, password: PASSWORD, role },
      adminAuth,
    );
    return { id: user.id, auth: await signIn(origin, email) };
  };
  const client = await person('client', 'fault-client@trowel.test');
  const made: FaultProject[] = [];
  for (let p = 0; p < projects; p++) {
    const lead = await person('project_lead', `fault-lead-${p}@trowel.test`);
    const engineers = [];
    for (let e = 0; e < engineersPerProject; e++)
      engineers.push(await person('team_member', `fault-engineer-${p}-${e}@trowel.test`));
    const { project } = await call<{ project: { id: string } }>(
      origin,
      'POST',
      '/api/projects',
      {
        title: `Fault project ${p}`,
        description: 'Where the writes of a fault run go',
        location: 'Ikeja, Lagos',
        category: 'Residential',
        startDate: '2026-01-05',
        endDate: '2027-06-30',
        budget: 250_000_000,
        projectLeadId: lead.id,
        clientId: client.id,
        teamMemberIds: engineers.map((engineer) => engineer.id),
      },
      adminAuth,
    );
    made.push({ id: project.id, lead: lead.auth, engineers: engineers.map((engineer) => engineer.auth) });
  }
  return { admin: adminAuth, projects: made };
}
