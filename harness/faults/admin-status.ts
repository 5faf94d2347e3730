import { wireFault } from './wire.js';

export const adminStatus = wireFault({
  name: 'admin.status',
  summary: 'The admin server answers CODE as it would of its own accord: Spring Boot\'s error JSON ({"timestamp":…,"status":500,"error":"Internal Server Error","path":…}) for a 500 and other codes, an empty 401 or 503; nginx passes it on and logs nothing.',
  params: [{ name: 'code', type: 'integer', min: 400, max: 599, required: true, placeholder: 'CODE', describe: 'the HTTP status it answers', example: '500' }],
  action: (v) => ({ stage: 'answer', answers: 'http', answer: (x) => x.answerStatus(v.code as number) }),
});
