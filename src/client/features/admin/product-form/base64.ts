/** A file in the JSON routes' shape (SPEC.md section 3): data is a data URL. */
export interface Base64File {
  filename: string
  mimetype: string
  data: string
  size: number
}

export class Base64ConversionError extends Error {
  constructor(fileName: string) {
    super(`Não foi possível ler ${fileName}`)
    this.name = 'Base64ConversionError'
  }
}

function readAsDataUrl(file: File, onBytes: (loaded: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onprogress = (event) => onBytes(event.loaded)
    reader.onload = () => {
      onBytes(file.size)
      resolve(String(reader.result))
    }
    reader.onerror = () => reject(new Base64ConversionError(file.name))
    reader.readAsDataURL(file)
  })
}

/** Reads the files one after another, reporting 0-100 over all their bytes. */
export async function toBase64Files(
  files: File[],
  onProgress: (percent: number) => void,
): Promise<Base64File[]> {
  const total = files.reduce((sum, f) => sum + f.size, 0) || 1
  let done = 0
  const out: Base64File[] = []
  for (const file of files) {
    const data = await readAsDataUrl(file, (loaded) =>
      onProgress(Math.round(((done + loaded) / total) * 100)),
    )
    done += file.size
    out.push({
      filename: file.name,
      mimetype: file.type || 'application/octet-stream',
      data,
      size: file.size,
    })
  }
  return out
}
