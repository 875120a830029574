// Calls of the profile page's own avatar: upload a picture, then make the stored picture the avatar. The
// other profile calls are the signed-in user's, in platform/api/currentUser.
import { uploadFile } from '../../components/admin/upload';
import { http } from '../../platform/request';

export const avatarApi = {
  /** stores the picture; the answer names it */
  upload: (file: Blob) => uploadFile<{ name: string }>('/api/file/Uploader/userAvatar', file),
  choose: (storedName: string) => http.put(`/api/permission/Users/Current/Avatar/${encodeURIComponent(storedName)}`),
};
