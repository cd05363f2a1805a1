/**
 * The DKIM values of the scenarios' sending domains: the public halves of real RSA 2048 key pairs, generated once
 * (the sandbox sends no mail, so the private halves were not kept). Fixtures rather than generated at each start:
 * three key pairs would add seconds to every demo and test start on a busy machine. A domain set up in the demo
 * gets a freshly generated pair (mail/sandbox.ts).
 */
export const DEMO_DKIM_VALUES: Record<string, string> = {
  'example.com':
    'k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAvKLTq5yJ/RogV//NHJwHlXm95vCsGCPfAk5PAJkIRh6EIlemuc3PzTYnDfIGyxLXgFb6wt9KW2vi/M5R6yqE2bQnxEIJ7gsqhuFyuuYTRqf5D/UMfCO59+opDFuTNo9HKhhaOKr5q9WoDJybuNbYkoH2AxmmvV1V2VubZRL+tmG7qFU2+0Zce3S9faolaSrgFeJk+hOzod/HS+U7zijtidz/XRxQ0DR4dzja13vlNUoyj3sw3V+hr43Pd+sZ3tR38ebbQPUFpCqvRiZpL0z2CNXXfcdcFcJt5rShnYznwby+SqmE/nD9l973TQCCC/MQm1ErKBw/QLPMY4MIb6AAaQIDAQAB',
  'blog.example.com':
    'k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAn/v1u/kkzWG1w2FjGs/UsmpJBZWy/f5APrqDP2QiLAbEFe/PbVuEI5AltUw0MPcb4DsQ0R/YZvegF0gbj9VX5c/7yvPYVI6tnPEFDj43SXBkuJH1L/8kC2ADhuhLxlaB8zqIVNDBpAs3YSN5dzT8X8YZIhj4gGWOyLIKoBy2sp1BV5LF2RIBoKA8rwryxGtHjpasPmjXNA6/rP9aNt6sh6yNXIClzSJiTljwBR/S40RAzgUwelGoEIJYfKWougNys9jHz0j3ad9B9VrEdN+SXp8B/xvTM+DzMyMweyz88JrFTjBSeR8FufQURVBa1k/r4nFkpFap2Y9JH+qmqKejGQIDAQAB',
  'example.org':
    'k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmJX5RHnFIxCUHaYzdtk0I7ZGqxGJTF7q9ebipRJ+lVmdUURCBSPlow6tTRbEsrMHrK3NnrUq5NTnrrQa4mbVjvf5FnjbaoUyaTvEGBRZea9/J9IXKl//qWm9diWSYMmJ28XjPyPFm0l0avFOwyNb1ZEwO8jwiCAhWmHWGN+jKOuIPNaGwFjOpbmF3SsN54Ihic0Vbdcaad5mZvvUxe7E605TTeCFdxxDA2d2teg36ii6sfxJPon2z9tYaTUtmWyYhFS3dZB7o6o3515NLLx9Pad83Gqshn7jZs+e0bcETg0wdOjnAE5opk5sckv3CacE/IzRc433etnAIYq0IOHilQIDAQAB',
};
