// loadSkills, skillsFrom and createToolkit({ skills }) under --strict: the README's example and
// every field a user reads.
import { createToolkit, loadSkills, skillsFrom, toAnthropic, type SkillInfo, type Skills } from "toolnexus"

export async function usage(): Promise<string> {
  const skills: Skills = await loadSkills("./skills", { maxDepth: 3, maxFileBytes: 65536 })
  const system = `You are a helpful agent.\n\n${skills.prompt()}`
  const tools = toAnthropic(skills.tool ? [skills.tool] : [])
  const first: SkillInfo | undefined = skills.list[0]
  const data = skillsFrom([{ name: "notes", description: "Take notes", body: "Write.", files: { "a.md": "A" } }])
  const tk = await createToolkit({ skills: data })
  const also = await createToolkit({ skills: ["./skills", "./more-skills"] })
  return [system, tools.length, first?.allowedTools, tk.skills?.prompt(), also.size, skills.skipped[0]?.reason,
    skills.warnings[0]?.message].join("\n")
}
