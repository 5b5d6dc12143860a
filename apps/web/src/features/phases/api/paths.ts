const part = encodeURIComponent;

/** API paths of a project's phases, their tasks and the tasks' attachments. */
export const phasePaths = {
  phases: (projectId: string) => `/projects/${part(projectId)}/phases`,
  phase: (projectId: string, phaseId: string) => `/projects/${part(projectId)}/phases/${part(phaseId)}`,
  tasks: (projectId: string, phaseId: string) => `${phasePaths.phase(projectId, phaseId)}/tasks`,
  task: (projectId: string, phaseId: string, taskId: string) =>
    `${phasePaths.tasks(projectId, phaseId)}/${part(taskId)}`,
  attachments: (projectId: string, phaseId: string, taskId: string) =>
    `${phasePaths.task(projectId, phaseId, taskId)}/attachments`,
  attachment: (projectId: string, phaseId: string, taskId: string, attachmentId: string) =>
    `${phasePaths.attachments(projectId, phaseId, taskId)}/${part(attachmentId)}`,
};
