import { ScopeGrants } from '../../src/mcp/ScopeGrants.js';

describe('ScopeGrants.scopesFor', () => {
  const grants = new ScopeGrants(
    {
      admin: ['notes:*', 'files:*'],
      'notes.all': ['notes:read', 'notes:write', 'notes:delete'],
      'notes.write': ['notes:write'],
      'notes.read': ['notes:read'],
    },
    'test',
  );

  it('asks for the narrowest scope that grants a permission, not the first declared', () => {
    expect(grants.scopesFor(['notes:write'])).toEqual(['notes.write']);
    expect(grants.scopesFor(['notes:delete'])).toEqual(['notes.all']);
    expect(grants.scopesFor(['files:read'])).toEqual(['admin']);
  });

  it('reuses a scope already asked for when it grants the next permission too', () => {
    expect(grants.scopesFor(['notes:delete', 'notes:write'])).toEqual(['notes.all']);
    expect(grants.scopesFor(['notes:read', 'notes:write'])).toEqual(['notes.read', 'notes.write']);
  });

  it('is undefined when a permission no scope grants is missing', () => {
    expect(grants.scopesFor(['billing:read'])).toBeUndefined();
  });
});
