import {
  availableRolesOf,
  guardDecision,
  homeForRole,
  loginDestination,
  selectRoleDestination,
  toApiRole,
  toClientRole,
  type GuardInput,
} from './roles';

describe('role names', () => {
  it.each([
    ['brand_owner', 'brand'],
    ['Brand Owner', 'brand'],
    ['advocate', 'advocate'],
    ['Advocate', 'advocate'],
  ] as const)('maps %s to %s', (role, expected) => {
    expect(toClientRole(role)).toBe(expected);
  });

  it('maps null and unknown names to null', () => {
    expect(toClientRole(null)).toBeNull();
    expect(toClientRole(undefined)).toBeNull();
    expect(toClientRole('toString' as 'Advocate')).toBeNull();
  });

  it('maps client roles to the active-role call spelling and to their homes', () => {
    expect(toApiRole('brand')).toBe('brand_owner');
    expect(toApiRole('advocate')).toBe('advocate');
    expect(homeForRole('brand')).toBe('/brand/dashboard');
    expect(homeForRole('advocate')).toBe('/advocate/dashboard');
  });

  it('derives available roles once each, in a fixed order', () => {
    expect(availableRolesOf(['Advocate', 'Brand Owner', 'Advocate'])).toEqual([
      'brand',
      'advocate',
    ]);
    expect(availableRolesOf([])).toEqual([]);
  });
});

describe('loginDestination (the sign-in order)', () => {
  it('1. active brand goes to the brand dashboard, even holding both roles', () => {
    expect(
      loginDestination({ activeRole: 'brand', availableRoles: ['brand', 'advocate'] }),
    ).toEqual({ path: '/brand/dashboard' });
  });

  it('2. active advocate goes to the advocate dashboard', () => {
    expect(
      loginDestination({ activeRole: 'advocate', availableRoles: ['brand', 'advocate'] }),
    ).toEqual({ path: '/advocate/dashboard' });
  });

  it('3. both roles and none active goes to select-role', () => {
    expect(loginDestination({ activeRole: null, availableRoles: ['brand', 'advocate'] })).toEqual({
      path: '/user/select-role',
    });
  });

  it.each([
    ['brand', '/brand/dashboard'],
    ['advocate', '/advocate/dashboard'],
  ] as const)('4. exactly one role (%s) is activated and its dashboard opens', (role, path) => {
    expect(loginDestination({ activeRole: null, availableRoles: [role] })).toEqual({
      path,
      autoRole: role,
    });
  });

  it('5. no role goes to get-started', () => {
    expect(loginDestination({ activeRole: null, availableRoles: [] })).toEqual({
      path: '/user/get-started',
    });
  });
});

describe('guardDecision', () => {
  const base: GuardInput = {
    area: 'brand',
    path: '/brand/dashboard',
    isAuthenticated: true,
    activeRole: 'brand',
    availableRoles: ['brand'],
  };

  it('allows the active role into its own area', () => {
    expect(guardDecision(base)).toEqual({ allow: true });
    expect(
      guardDecision({
        ...base,
        area: 'advocate',
        path: '/advocate/earnings',
        activeRole: 'advocate',
        availableRoles: ['advocate'],
      }),
    ).toEqual({ allow: true });
  });

  it('sends a signed-out visitor to the login page, even for /brand/create', () => {
    expect(guardDecision({ ...base, isAuthenticated: false })).toEqual({ redirect: '/auth/login' });
    expect(guardDecision({ ...base, isAuthenticated: false, path: '/brand/create' })).toEqual({
      redirect: '/auth/login',
    });
  });

  it('lets any signed-in user create a brand', () => {
    const noRoles = { ...base, activeRole: null, availableRoles: [] };
    expect(guardDecision({ ...noRoles, path: '/brand/create' })).toEqual({ allow: true });
    expect(guardDecision({ ...base, activeRole: 'advocate', path: '/brand/create' })).toEqual({
      allow: true,
    });
  });

  it('does not treat look-alike paths as /brand/create', () => {
    expect(
      guardDecision({ ...base, activeRole: null, availableRoles: [], path: '/brand/created' }),
    ).toEqual({ redirect: '/user/get-started' });
  });

  it('sends a user without roles to get-started', () => {
    expect(guardDecision({ ...base, activeRole: null, availableRoles: [] })).toEqual({
      redirect: '/user/get-started',
    });
  });

  it('sends a user with roles but none active to select-role', () => {
    expect(
      guardDecision({ ...base, activeRole: null, availableRoles: ['brand', 'advocate'] }),
    ).toEqual({ redirect: '/user/select-role' });
  });

  it('treats an active role the user no longer holds as none', () => {
    expect(guardDecision({ ...base, activeRole: 'brand', availableRoles: ['advocate'] })).toEqual({
      redirect: '/user/select-role',
    });
  });

  it('sends a user with another active role to that role’s home', () => {
    expect(
      guardDecision({ ...base, activeRole: 'advocate', availableRoles: ['brand', 'advocate'] }),
    ).toEqual({ redirect: '/advocate/dashboard' });
    expect(
      guardDecision({
        ...base,
        area: 'advocate',
        path: '/advocate/dashboard',
        availableRoles: ['brand', 'advocate'],
      }),
    ).toEqual({ redirect: '/brand/dashboard' });
  });
});

describe('selectRoleDestination', () => {
  it('sends a Brand Owner choice without the brand role to brand creation', () => {
    expect(
      selectRoleDestination({ chosen: 'brand', from: '/brand/insights', hasBrandRole: false }),
    ).toBe('/brand/create');
  });

  it('returns to the page the user came from when it lies under the chosen prefix', () => {
    expect(
      selectRoleDestination({
        chosen: 'brand',
        from: '/brand/advocates?page=2',
        hasBrandRole: true,
      }),
    ).toBe('/brand/advocates?page=2');
    expect(
      selectRoleDestination({ chosen: 'advocate', from: '/advocate', hasBrandRole: true }),
    ).toBe('/advocate');
  });

  it('otherwise goes to the chosen role’s dashboard', () => {
    expect(
      selectRoleDestination({ chosen: 'advocate', from: '/brand/insights', hasBrandRole: true }),
    ).toBe('/advocate/dashboard');
    expect(
      selectRoleDestination({ chosen: 'advocate', from: '/advocates-x', hasBrandRole: false }),
    ).toBe('/advocate/dashboard');
    expect(selectRoleDestination({ chosen: 'brand', from: null, hasBrandRole: true })).toBe(
      '/brand/dashboard',
    );
  });
});
