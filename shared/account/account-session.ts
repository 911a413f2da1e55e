/**
 * What the header's account slot loads once a visitor is, or may become, signed in: the stored
 * user and the menu that shows it. A visitor who never signed in downloads none of it.
 */
export { currentStoredUser, subscribeStoredUser } from './stored-user.ts'
export { UserMenu } from './user-menu.tsx'
